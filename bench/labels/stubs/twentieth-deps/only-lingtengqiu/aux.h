// lingtengqiu/pytorch_cpp's example-app.cpp includes "aux.h", which is not in the tree; the
// file uses nothing beyond <torch/script.h>. Empty.
#pragma once
