// gpuleak bench stub: behzadhaki/Groove2DrumVST's model files include the JUCE plugin helpers
// only for DBG(), JUCE's debug-log macro; this streams into nothing.
#pragma once
#include <sstream>
#define DBG(x)                                                                 \
  do {                                                                         \
    std::ostringstream gpuleak_dbg_;                                           \
    gpuleak_dbg_ << x;                                                         \
  } while (false)
