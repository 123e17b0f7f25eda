#!/usr/bin/env python3
"""Writes the TorchScript models that handed cases 004, 006, 103 and 105 load.

Run on the GPU machine by scripts/gpu-run.sh: make_models.py OUTDIR.
Models are saved on the CPU; the cases move them to CUDA.
"""
import os
import sys

import torch


class ConvStack(torch.nn.Module):
    """Image to image (004 upscaler, 105 batch job): 8 conv layers."""

    def __init__(self):
        super().__init__()
        layers = [torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.ReLU()]
        for _ in range(6):
            layers += [torch.nn.Conv2d(16, 16, 3, padding=1), torch.nn.ReLU()]
        layers += [torch.nn.Conv2d(16, 3, 3, padding=1)]
        self.body = torch.nn.Sequential(*layers)

    def forward(self, x):
        return self.body(x)


class Mlp(torch.nn.Module):
    """Request handler model (006): [16, 128] -> [16, 128]."""

    def __init__(self):
        super().__init__()
        layers = []
        for _ in range(6):
            layers += [torch.nn.Linear(128, 128), torch.nn.ReLU()]
        self.body = torch.nn.Sequential(*layers)

    def forward(self, x):
        return self.body(x)


class Detector(torch.nn.Module):
    """Face detector (014, 103): image [1, 3, H, W] -> (boxes [N, 4], scores [N])."""

    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 3, stride=2, padding=1), torch.nn.ReLU(),
            torch.nn.Conv2d(8, 8, 3, stride=2, padding=1), torch.nn.ReLU())
        self.boxes = torch.nn.Conv2d(8, 4, 1)
        self.scores = torch.nn.Conv2d(8, 1, 1)

    def forward(self, x):
        f = self.body(x)
        boxes = self.boxes(f).flatten(2)[0].t().contiguous()
        return boxes, torch.sigmoid(self.scores(f)).flatten()


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    for name, model in (("conv", ConvStack()), ("mlp", Mlp()), ("detector", Detector())):
        torch.jit.script(model.eval()).save(os.path.join(out, name + ".pt"))


if __name__ == "__main__":
    main()
