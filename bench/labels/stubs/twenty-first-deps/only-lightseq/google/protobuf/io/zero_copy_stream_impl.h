// Empty, for bytedance/lightseq (twenty-first set): its weight headers include protobuf's streams
// but declare nothing with them; LibTorch's partial protobuf copy, found first, does not parse.
#pragma once
