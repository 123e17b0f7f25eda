// Declarations-only stand-in for tokenizers-cpp (mlc-ai) as LLM_cpp uses it: a tokenizer
// turns text into ids and back on the host; it holds no tensor.
#pragma once
#include <memory>
#include <string>
#include <vector>
namespace tokenizers {
class Tokenizer {
 public:
  virtual ~Tokenizer() {}
  virtual std::vector<int32_t> Encode(const std::string& text) = 0;
  virtual std::string Decode(const std::vector<int32_t>& ids) = 0;
  virtual size_t GetVocabSize() = 0;
  virtual std::string IdToToken(int32_t token_id) = 0;
  virtual int32_t TokenToId(const std::string& token) = 0;
  static std::unique_ptr<Tokenizer> FromBlobJSON(const std::string& json_blob);
  static std::unique_ptr<Tokenizer> FromBlobSentencePiece(const std::string& model_blob);
};
}  // namespace tokenizers
