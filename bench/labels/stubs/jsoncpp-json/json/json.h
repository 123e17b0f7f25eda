// Stub for bench/labels: Alic-Li/rwkv_lightning_libtorch includes <json/json.h>; the
// jsoncpp stub declarations live in stubs/jsoncpp/jsoncpp/json/.
#pragma once
#include <jsoncpp/json/value.h>
#include <jsoncpp/json/reader.h>
#include <jsoncpp/json/writer.h>
