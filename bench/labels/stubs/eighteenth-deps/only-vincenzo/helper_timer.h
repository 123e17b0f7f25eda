// Stub (eighteenth set, vincenzosantopietro/Image-denoising-using-CUFFT): the CUDA samples'
// timer interface (Common/helper_timer.h) as CufftNoiseReduction.cu uses it.
#pragma once
class StopWatchInterface {
public:
  virtual ~StopWatchInterface() {}
  virtual void start() = 0;
  virtual void stop() = 0;
  virtual void reset() = 0;
  virtual float getTime() = 0;
  virtual float getAverageTime() = 0;
};
bool sdkCreateTimer(StopWatchInterface **timer_interface);
bool sdkDeleteTimer(StopWatchInterface **timer_interface);
bool sdkStartTimer(StopWatchInterface **timer_interface);
bool sdkStopTimer(StopWatchInterface **timer_interface);
bool sdkResetTimer(StopWatchInterface **timer_interface);
float sdkGetTimerValue(StopWatchInterface **timer_interface);
float sdkGetAverageTimerValue(StopWatchInterface **timer_interface);
