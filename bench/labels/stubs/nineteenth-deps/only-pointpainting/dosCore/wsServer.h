#pragma once
#include <functional>
#include <memory>
#include <dosCore/commandPacket.h>
namespace DosServer {
class WsServer {
 public:
  explicit WsServer(int port);
  void registerPktFn(int type,
                     std::function<void(WsServer&, DosClient::BaseCommandPacket*)> fn);
  void startServer();
  void addMsg(std::unique_ptr<DosClient::BaseCommandPacket>& pkt);
};
}  // namespace DosServer
