// Stub of OpenCV 1's C API (twelfth set, otaviog/ThunderVision only): the names
// floatimage.hpp/.cpp use.
#pragma once
typedef void CvArr;
struct CvSize { int width, height; };
struct CvMat { int type, step, rows, cols, width, height; union { unsigned char *ptr; float *fl; } data; };
#define CV_32F 5
CvSize cvGetSize(const CvArr *arr);
CvMat *cvCreateMat(int rows, int cols, int type);
void cvReleaseMat(CvMat **mat);
