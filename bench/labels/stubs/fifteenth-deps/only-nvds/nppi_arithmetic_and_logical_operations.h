// Stub for the fifteenth labelled set (nvdsvideotemplate): the NPP image arithmetic calls used.
#pragma once
#include "nppdefs.h"
#ifdef __cplusplus
extern "C" {
#endif
NppStatus nppiAddWeighted_32f_C1IMR_Ctx(const Npp32f *pSrc, int nSrcStep, const Npp8u *pMask, int nMaskStep,
                                        Npp32f *pSrcDst, int nSrcDstStep, NppiSize oSizeROI, Npp32f nAlpha, NppStreamContext nppStreamCtx);
NppStatus nppiSub_32f_C1R_Ctx(const Npp32f *pSrc1, int nSrc1Step, const Npp32f *pSrc2, int nSrc2Step,
                              Npp32f *pDst, int nDstStep, NppiSize oSizeROI, NppStreamContext nppStreamCtx);
NppStatus nppiSub_32f_C1IR_Ctx(const Npp32f *pSrc, int nSrcStep, Npp32f *pSrcDst, int nSrcDstStep,
                               NppiSize oSizeROI, NppStreamContext nppStreamCtx);
#ifdef __cplusplus
}
#endif
