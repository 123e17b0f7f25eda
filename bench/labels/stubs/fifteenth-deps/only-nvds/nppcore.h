// Stub for the fifteenth labelled set (nvdsvideotemplate): NPP's nppcore.h names used.
#pragma once
#include "nppdefs.h"
#ifdef __cplusplus
extern "C" {
#endif
NppStatus nppSetStream(cudaStream_t hStream);
NppStatus nppGetStreamContext(NppStreamContext *pNppStreamContext);
#ifdef __cplusplus
}
#endif
