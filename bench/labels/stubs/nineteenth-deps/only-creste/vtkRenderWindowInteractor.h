#pragma once
#include <vtkSmartPointer.h>
class vtkRenderWindowInteractor {
 public:
  static vtkRenderWindowInteractor* New();
};
