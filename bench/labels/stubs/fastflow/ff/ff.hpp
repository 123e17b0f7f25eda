// Stub of the FastFlow headers (https://github.com/fastflow/fastflow) for the labelled
// files of alpha-unito/FastFederatedLearning: only the node classes, their control
// tokens and send calls, and the building blocks main() wires them with. No behaviour.
#pragma once
#include <string>
#include <vector>
#define FF_TAG_MIN ((void *)(~0UL - 10))
namespace ff {
struct ff_node {
    virtual ~ff_node() {}
    virtual int svc_init() { return 0; }
    virtual void svc_end() {}
    virtual void eosnotify(ssize_t = -1) {}
    virtual int run_and_wait_end() { return 0; }
    int wrap_around() { return 0; }
    virtual int run_then_freeze() { return 0; }
    virtual int wait() { return 0; }
    virtual double ffTime() { return 0; }
    virtual void *svc(void *) { return nullptr; }
    bool ff_send_out(void *, int = -1, unsigned long = 0, unsigned long = 0) { return true; }
    bool ff_send_out_to(void *, int, unsigned long = 0, unsigned long = 0) { return true; }
    int get_my_id() const { return 0; }
    size_t get_num_outchannels() const { return 0; }
    size_t get_num_inchannels() const { return 0; }
    int get_channel_id() const { return 0; }
    void skipfirstpop(bool) {}
    ff_node &createGroup(const std::string &) { return *this; }
    template <typename T> ff_node &operator<<(T &&) { return *this; }
};
template <typename IN_t, typename OUT_t = IN_t> struct ff_node_t : ff_node {
    OUT_t *const GO_ON = (OUT_t *)(~0UL - 2);
    OUT_t *const EOS = (OUT_t *)(~0UL);
    OUT_t *const GO_OUT = (OUT_t *)(~0UL - 1);
    OUT_t *const EOS_NOFREEZE = (OUT_t *)(~0UL - 3);
    virtual OUT_t *svc(IN_t *) = 0;
    void *svc(void *t) override { return svc(static_cast<IN_t *>(t)); }
};
template <typename IN_t, typename OUT_t = IN_t> struct ff_minode_t : ff_node_t<IN_t, OUT_t> {};
template <typename IN_t, typename OUT_t = IN_t> struct ff_monode_t : ff_node_t<IN_t, OUT_t> {};
typedef ff_node ff_minode;
typedef ff_node ff_monode;
struct ff_comb : ff_node {
    ff_comb(ff_node *, ff_node *, bool = false, bool = false) {}
};
struct ff_pipeline : ff_node {
    ff_pipeline(bool = false) {}
    int add_stage(ff_node *, bool = false) { return 0; }
    int add_stage(ff_node &, bool = false) { return 0; }
    int run_and_wait_end() override { return 0; }
};
struct ff_a2a : ff_node {
    ff_a2a(bool = false) {}
    template <typename T> int add_firstset(const std::vector<T *> &, int = 0, bool = false) { return 0; }
    template <typename T> int add_secondset(const std::vector<T *> &, bool = false) { return 0; }
};
struct ff_farm : ff_node {
    int add_workers(std::vector<ff_node *> &) { return 0; }
    int add_emitter(ff_node *) { return 0; }
    int add_collector(ff_node *) { return 0; }
};
inline void error(const char *, ...) {}
} // namespace ff
