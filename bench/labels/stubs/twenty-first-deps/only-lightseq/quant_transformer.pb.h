// Declarations only, for bytedance/lightseq (twenty-first set): the protobuf-generated header is
// not in the tree (CMake runs protoc); the weight classes name its messages only in the
// signatures of their private parsers, so forward declarations are enough.
#pragma once
class QuantTransformer;
class QuantEmbeddingLayer;
