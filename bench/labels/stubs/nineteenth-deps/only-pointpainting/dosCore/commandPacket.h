#pragma once
#include <cstdint>
#include <string>
#include <vector>
namespace DosClient {
enum COMMAND_TYPE { COMMAND_MSG_TYPE, COMMAND_IMG_LIST_TYPE };
class BaseCommandPacket {
 public:
  virtual ~BaseCommandPacket();
};
class MsgStrCommandPacket : public BaseCommandPacket {
 public:
  std::string getStrMsg() const;
  void setStrMsg(const std::string& msg);
};
class ImageListCommandPacket : public BaseCommandPacket {
 public:
  struct SubImage {
    std::string label;
    std::vector<uint8_t> bytes;
  };
  std::vector<SubImage> getImages() const;
  void setImage(const std::vector<SubImage>& images);
};
}  // namespace DosClient
