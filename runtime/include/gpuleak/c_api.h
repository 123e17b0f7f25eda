/*===- c_api.h - gpuleak's runtime verifier for other languages (C ABI) ---===*
 *
 * Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
 *
 * The one interface through which the Python package (runtime/python/gpuleak,
 * `import gpuleak`, `python -m gpuleak run`) drives the runtime, with ctypes.
 * Every function is noexcept and accepts a null handle. Options come from the
 * GPULEAK_* variables (docs/runtime.md); GPULEAK_STACKS=python records Python
 * frames only.
 *
 *===----------------------------------------------------------------------===*/
#ifndef GPULEAK_C_API_H
#define GPULEAK_C_API_H

#ifdef __cplusplus
extern "C" {
#endif

/* Steps mode: a gpuleak::Monitor with options from the environment. */
void *gpuleak_monitor_new(void);
/* The id of the named loop (Monitor::loopId), -1 on failure. */
int gpuleak_monitor_loop(void *monitor, const char *name);
/* A step boundary of the loop now (what ~Step does). */
void gpuleak_monitor_end_step(void *monitor, int loop);
/* 1 while the monitor records (a CUDA device is visible). */
int gpuleak_monitor_active(void *monitor);
/* Closes any window, writes the report, prints the summary; 1 on success. */
int gpuleak_monitor_finish(void *monitor);
/* finish(), then frees the monitor. */
void gpuleak_monitor_delete(void *monitor);

/* Zero-code mode: one gpuleak::Sampler with options from the environment. */
void *gpuleak_sampler_new(void);
/* Stops sampling, finishes its monitor and frees it. */
void gpuleak_sampler_delete(void *sampler);

#ifdef __cplusplus
}
#endif
#endif
