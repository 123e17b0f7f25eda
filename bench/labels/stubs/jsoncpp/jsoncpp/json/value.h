// gpuleak bench stub: declares namespace Json only (jsoncpp is not installed here).
#pragma once
#include <string>
namespace Json {
class Value;
class Reader;
class CharReaderBuilder;
class StreamWriterBuilder;
}  // namespace Json
