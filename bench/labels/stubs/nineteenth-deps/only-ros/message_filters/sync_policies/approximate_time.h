#pragma once
#include <cstdint>
namespace message_filters {
namespace sync_policies {
template <class M0, class M1, class... Rest> class ApproximateTime {
 public:
  explicit ApproximateTime(uint32_t queue_size);
};
}  // namespace sync_policies
}  // namespace message_filters
