// Stub of NPP (twelfth set, JasonDChistensen/CudaAtScaleIndependentProject only).
#pragma once
typedef float Npp32f;
typedef enum { NPP_SUCCESS = 0 } NppStatus;
int nppGetGpuNumSMs(void);
int nppGetMaxThreadsPerBlock(void);
int nppGetMaxThreadsPerSM(void);
const char *nppGetGpuName(void);
