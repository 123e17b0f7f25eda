// Declarations only: the legacy cuSPARSE csrmv/csrmm2 routines that CUDA 11 removed and that
// NVIDIA/MinkowskiEngine's src/math_functions.cu (2019) calls. Force-included for that tree.
#pragma once
#include <cusparse.h>

extern "C" {
cusparseStatus_t cusparseScsrmv(cusparseHandle_t handle, cusparseOperation_t transA, int m, int n,
                                int nnz, const float *alpha, const cusparseMatDescr_t descrA,
                                const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                const float *x, const float *beta, float *y);
cusparseStatus_t cusparseDcsrmv(cusparseHandle_t handle, cusparseOperation_t transA, int m, int n,
                                int nnz, const double *alpha, const cusparseMatDescr_t descrA,
                                const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                const double *x, const double *beta, double *y);
cusparseStatus_t cusparseScsrmm2(cusparseHandle_t handle, cusparseOperation_t transA,
                                 cusparseOperation_t transB, int m, int n, int k, int nnz,
                                 const float *alpha, const cusparseMatDescr_t descrA,
                                 const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                 const float *B, int ldb, const float *beta, float *C, int ldc);
cusparseStatus_t cusparseDcsrmm2(cusparseHandle_t handle, cusparseOperation_t transA,
                                 cusparseOperation_t transB, int m, int n, int k, int nnz,
                                 const double *alpha, const cusparseMatDescr_t descrA,
                                 const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                 const double *B, int ldb, const double *beta, double *C, int ldc);
}
