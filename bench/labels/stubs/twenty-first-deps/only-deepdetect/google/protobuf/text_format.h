// Declarations only, for jolibrain/deepdetect (twenty-first set): graph/caffeinput.h includes
// protobuf's text format and names only google::protobuf::Message.
#pragma once
#include <google/protobuf/message.h>
