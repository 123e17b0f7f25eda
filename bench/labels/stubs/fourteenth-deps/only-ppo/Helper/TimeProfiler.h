// Stub for zigui-ps/PPO-PyTorchCpp-API: cpp/RL/Policy.cpp includes "Helper/TimeProfiler.h",
// which the repository does not hold at the labelled commit, and uses nothing from it.
#pragma once
