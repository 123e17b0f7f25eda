// Stub (eighteenth set, semo-nemo/cuFFT-image, force-included into convertRGB.cu): the imwrite
// flag stubs/opencv does not declare. Declarations only.
#pragma once
namespace cv { enum { IMWRITE_PNG_COMPRESSION = 16 }; }
