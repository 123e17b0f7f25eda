// Stub of the CUDA samples' helper_functions.h; see helper_cuda.h. Declares nothing the labs use.
#pragma once
