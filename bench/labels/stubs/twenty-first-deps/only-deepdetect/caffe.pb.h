// Declarations only, for jolibrain/deepdetect (twenty-first set): the header protoc generates
// from deepdetect's Caffe fork (not in the tree). The torch backend's headers name these
// messages (generators/net_caffe*.h call NetParameter::set_name); torchlib.cc builds a
// NetParameter for the recurrent template and hands it to
// torch_utils::torch_write_proto_to_text_file(const google::protobuf::Message &, ...).
#pragma once
#include <string>
#include <google/protobuf/message.h>
namespace caffe {
class LayerParameter : public google::protobuf::Message {};
class ReshapeParameter : public google::protobuf::Message {};
class NetParameter : public google::protobuf::Message {
public:
  void set_name(const std::string &value);
};
}  // namespace caffe
