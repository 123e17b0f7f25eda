#pragma once
#include <vtkSmartPointer.h>
class vtkWindowToImageFilter {
 public:
  static vtkWindowToImageFilter* New();
};
