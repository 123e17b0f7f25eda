#pragma once
#include <vtkSmartPointer.h>
class vtkCamera {
 public:
  static vtkCamera* New();
};
