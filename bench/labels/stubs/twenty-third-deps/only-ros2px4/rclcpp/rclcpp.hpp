#pragma once
// Declarations-only stand-in for the rclcpp names Aero_Control_RL's headers name (a Node base,
// Publisher/Subscription handles, init/shutdown/ok). No body here touches a tensor.
#include <memory>
#include <string>
namespace rclcpp {
void init(int argc, char const* const argv[]);
void shutdown();
bool ok();
class Node {
 public:
  explicit Node(const std::string& name);
  virtual ~Node();
};
template <class M> class Publisher {
 public:
  using SharedPtr = std::shared_ptr<Publisher>;
  void publish(const M& msg);
};
template <class M> class Subscription {
 public:
  using SharedPtr = std::shared_ptr<Subscription>;
};
}  // namespace rclcpp
