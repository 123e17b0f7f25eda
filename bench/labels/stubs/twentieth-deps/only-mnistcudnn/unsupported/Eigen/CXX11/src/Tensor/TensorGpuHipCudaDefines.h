// Eigen's unsupported Tensor module (not installed): qaz9517532846/mnist_cudnn's Layer.h includes it;
// the labelled units (Rnn, FusedBatchNormalization, Conv2D, Loss) use none of it. Empty.
#pragma once
