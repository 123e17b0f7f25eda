// Stub (eighteenth set, khersham/drl_cpp): the MuJoCo 2.x names the tree uses (model, data,
// visualisation and rendering structs and calls). Declarations only.
#pragma once
typedef double mjtNum;
struct mjOption_ { mjtNum timestep; };
typedef struct mjOption_ mjOption;
struct mjModel_ { int nq; int nv; int nu; mjOption opt; };
typedef struct mjModel_ mjModel;
struct mjData_ { mjtNum time; mjtNum *qpos; mjtNum *qvel; mjtNum *ctrl; };
typedef struct mjData_ mjData;
struct mjvCamera_ { int type; int fixedcamid; };
typedef struct mjvCamera_ mjvCamera;
struct mjvOption_ { int flags[1]; };
typedef struct mjvOption_ mjvOption;
struct mjvScene_ { int ngeom; };
typedef struct mjvScene_ mjvScene;
struct mjrContext_ { int ready; };
typedef struct mjrContext_ mjrContext;
struct mjrRect_ { int left; int bottom; int width; int height; };
typedef struct mjrRect_ mjrRect;
enum mjtCamera_ { mjCAMERA_FREE = 0, mjCAMERA_TRACKING, mjCAMERA_FIXED, mjCAMERA_USER };
enum mjtCatBit_ { mjCAT_STATIC = 1, mjCAT_DYNAMIC = 2, mjCAT_DECOR = 4, mjCAT_ALL = 7 };
enum mjtFontScale_ { mjFONTSCALE_50 = 50, mjFONTSCALE_100 = 100, mjFONTSCALE_150 = 150 };
extern "C" {
int mj_activate(const char *filename);
void mj_deactivate(void);
mjModel *mj_loadXML(const char *filename, const void *vfs, char *error, int error_sz);
mjModel *mj_loadModel(const char *filename, const void *vfs);
mjData *mj_makeData(const mjModel *m);
void mj_resetData(const mjModel *m, mjData *d);
void mj_step(const mjModel *m, mjData *d);
void mj_forward(const mjModel *m, mjData *d);
void mj_deleteData(mjData *d);
void mj_deleteModel(mjModel *m);
void mju_error(const char *msg);
void mju_error_s(const char *msg, const char *text);
void mjv_defaultCamera(mjvCamera *cam);
void mjv_defaultOption(mjvOption *opt);
void mjv_makeScene(const mjModel *m, mjvScene *scn, int maxgeom);
void mjv_updateScene(const mjModel *m, mjData *d, const mjvOption *opt, const void *pert,
                     mjvCamera *cam, int catmask, mjvScene *scn);
void mjv_freeScene(mjvScene *scn);
void mjr_defaultContext(mjrContext *con);
void mjr_makeContext(const mjModel *m, mjrContext *con, int fontscale);
void mjr_render(mjrRect viewport, mjvScene *scn, const mjrContext *con);
void mjr_freeContext(mjrContext *con);
}
