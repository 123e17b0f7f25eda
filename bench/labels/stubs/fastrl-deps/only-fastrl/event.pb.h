// Stub of the protobuf classes tensorboard_logger.h (bundled by fastrl) uses inline.
#pragma once
#include <cstdint>
#include <string>
namespace tensorflow {
class HistogramProto {
public:
  void set_min(double);
  void set_max(double);
  void set_num(double);
  void set_sum(double);
  void set_sum_squares(double);
  void add_bucket_limit(double);
  void add_bucket(double);
};
class Summary {
public:
  class Value {
  public:
    void set_tag(const std::string &);
    void set_simple_value(float);
    void set_allocated_histo(HistogramProto *);
  };
  Value *add_value();
};
class Event {
public:
  void set_wall_time(double);
  void set_step(int64_t);
  void set_allocated_summary(Summary *);
};
} // namespace tensorflow
