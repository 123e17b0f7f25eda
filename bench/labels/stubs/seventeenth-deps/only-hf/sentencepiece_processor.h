// Stub (seventeenth set, dhpollack/huggingface_libtorch): the SentencePiece calls the tokenizer makes.
#pragma once
#include <string>
#include <vector>
namespace sentencepiece {
struct Status { bool ok() const; std::string ToString() const; };
class SentencePieceProcessor {
public:
  Status Load(const std::string& filename);
  Status Encode(const std::string& input, std::vector<int>* ids) const;
  Status Encode(const std::string& input, std::vector<std::string>* pieces) const;
  int PieceToId(const std::string& piece) const;
};
}
