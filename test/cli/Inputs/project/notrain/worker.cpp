#include "model.h"
void runJob(Job *job) { job->out = job->net->forward(job->in); }
void runGuarded(Job *job) {
  torch::NoGradGuard no_grad;
  job->out = job->net->forward(job->in);
}
torch::Tensor detect(Net &net, const torch::Tensor &x) { return net.forward(x); }
void fill(Net &net, const torch::Tensor &x, torch::Tensor &out) { out = net.forward(x); }
