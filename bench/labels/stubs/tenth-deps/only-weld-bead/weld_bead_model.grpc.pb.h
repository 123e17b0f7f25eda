// Stub (tenth set, libtorch_grpc_serving only): the message and service classes protoc and
// the grpc plugin generate from protos/weld_bead_model.proto, as weld_bead_model.cpp and
// model_server.cpp use them (grpcpp itself is installed here).
#pragma once
#include <grpcpp/grpcpp.h>
#include <grpcpp/impl/service_type.h>
#include <vector>
namespace WeldBeadModel {
class InputVector {
public:
  const std::vector<float> &data() const;
  float data(int index) const;
};
class OutputVector {
public:
  void add_data(double value);
};
class InferenceService {
public:
  class Service : public ::grpc::Service {
  public:
    Service();
    virtual ~Service();
    virtual ::grpc::Status inference(::grpc::ServerContext *context, const InputVector *input,
                                     OutputVector *output);
  };
};
}  // namespace WeldBeadModel
