// Stub (eighteenth set, Corgile/huntind): the librdkafka C++ names its Kafka sink uses.
// Declarations only.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
namespace RdKafka {
enum ErrorCode { ERR_NO_ERROR = 0, ERR_REQUEST_TIMED_OUT = 7, ERR__QUEUE_FULL = -184 };
std::string err2str(ErrorCode err);
class Topic {
public:
  static const int32_t PARTITION_UA = -1;
  virtual ~Topic();
};
class Message {
public:
  virtual ~Message();
  virtual ErrorCode err() const = 0;
  virtual std::string errstr() const = 0;
  virtual int32_t partition() const = 0;
  virtual int64_t offset() const = 0;
};
class Event {
public:
  enum Type { EVENT_ERROR, EVENT_STATS, EVENT_LOG, EVENT_THROTTLE };
  virtual ~Event();
  virtual Type type() const = 0;
  virtual ErrorCode err() const = 0;
  virtual std::string str() const = 0;
  virtual std::string fac() const = 0;
  virtual int severity() const = 0;
  virtual bool fatal() const = 0;
  virtual std::string broker_name() const = 0;
  virtual int broker_id() const = 0;
  virtual int throttle_time() const = 0;
};
class DeliveryReportCb {
public:
  virtual void dr_cb(Message &message) = 0;
  virtual ~DeliveryReportCb();
};
class EventCb {
public:
  virtual void event_cb(Event &event) = 0;
  virtual ~EventCb();
};
class PartitionerCb {
public:
  virtual int32_t partitioner_cb(const Topic *topic, const std::string *key,
                                 int32_t partition_cnt, void *msg_opaque) = 0;
  virtual ~PartitionerCb();
};
class Conf {
public:
  enum ConfType { CONF_GLOBAL, CONF_TOPIC };
  enum ConfResult { CONF_UNKNOWN = -2, CONF_INVALID = -1, CONF_OK = 0 };
  static Conf *create(ConfType type);
  virtual ~Conf();
  virtual ConfResult set(const std::string &name, const std::string &value, std::string &errstr) = 0;
  virtual ConfResult set(const std::string &name, DeliveryReportCb *cb, std::string &errstr) = 0;
  virtual ConfResult set(const std::string &name, EventCb *cb, std::string &errstr) = 0;
  virtual ConfResult set(const std::string &name, PartitionerCb *cb, std::string &errstr) = 0;
  virtual ConfResult set(const std::string &name, const Conf *topic_conf, std::string &errstr) = 0;
};
class Handle {
public:
  virtual ~Handle();
  virtual int poll(int timeout_ms) = 0;
  virtual ErrorCode flush(int timeout_ms) = 0;
};
class Producer : public virtual Handle {
public:
  enum { RK_MSG_FREE = 0x1, RK_MSG_COPY = 0x2, RK_MSG_BLOCK = 0x4 };
  static Producer *create(const Conf *conf, std::string &errstr);
  virtual ErrorCode produce(const std::string topic_name, int32_t partition, int msgflags,
                            void *payload, size_t len, const void *key, size_t key_len,
                            int64_t timestamp, void *msg_opaque) = 0;
  virtual ErrorCode produce(const std::string topic_name, int32_t partition, int msgflags,
                            void *payload, size_t len, const void *key, size_t key_len,
                            int64_t timestamp, void *headers, void *msg_opaque) = 0;
};
}  // namespace RdKafka
