// Forwarding, for jolibrain/deepdetect (twenty-first set): graph/caffeinput.h includes "src/caffe.pb.h".
#pragma once
#include "../caffe.pb.h"
