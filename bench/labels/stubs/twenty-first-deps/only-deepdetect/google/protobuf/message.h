// Declarations only, for jolibrain/deepdetect (twenty-first set): torchutils.h names
// google::protobuf::Message in a declaration; LibTorch's partial protobuf copy, found first
// otherwise, does not parse.
#pragma once
namespace google { namespace protobuf {
class Message {};
} }
