// Stub (eighteenth set, danielvegamyhre/gpt-cpp): the SentencePiece names its tokenizer uses
// (trainer, processor, status). Declarations only.
#pragma once
#include <string>
#include <vector>
namespace sentencepiece {
namespace util {
enum class StatusCode : int { kOk = 0, kPermissionDenied = 7, kInternal = 13 };
class Status {
public:
  Status();
  Status(StatusCode code, const char *error_message);
  bool ok() const;
  StatusCode code() const;
  std::string ToString() const;
};
}  // namespace util
class SentencePieceTrainer {
public:
  static util::Status Train(const std::string &args);
};
class SentencePieceProcessor {
public:
  SentencePieceProcessor();
  virtual ~SentencePieceProcessor();
  util::Status Load(const std::string &filename);
  std::vector<int> EncodeAsIds(const std::string &input) const;
  util::Status Decode(const std::vector<int> &ids, std::string *detokenized) const;
};
}  // namespace sentencepiece
