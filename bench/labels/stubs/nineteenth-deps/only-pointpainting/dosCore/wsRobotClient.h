#pragma once
#include <functional>
#include <memory>
#include <string>
#include <dosCore/commandPacket.h>
namespace DosClient {
class WsClient {
 public:
  template <class T> static std::shared_ptr<T> startClient(const std::string& address, int port);
  void registerPacketRecvFn(int type, std::function<void(BaseCommandPacket*)> fn);
};
class WsRobotClient : public WsClient {
 public:
  void sendImage(const std::vector<ImageListCommandPacket::SubImage>& images);
};
}  // namespace DosClient
