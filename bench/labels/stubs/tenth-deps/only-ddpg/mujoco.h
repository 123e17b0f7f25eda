// Stub (tenth set, libtorch_mujoco_DDPG only): the MuJoCo types env.h holds.
#pragma once
typedef double mjtNum;
struct mjData { mjtNum time; mjtNum *qpos; mjtNum *qvel; mjtNum *ctrl; mjtNum *sensordata; };
struct mjModel { int nq; int nv; int nu; int nsensordata; };
struct mjvCamera { int type; };
struct mjvOption { int flags; };
struct mjvScene { int ngeom; };
struct mjrContext { int offWidth; };
