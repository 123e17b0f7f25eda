#pragma once
#include <memory>
namespace std_msgs { namespace msg { struct Bool { bool data; using SharedPtr = std::shared_ptr<Bool>; }; } }
