#pragma once
#include <vtkSmartPointer.h>
class vtkPoints {
 public:
  static vtkPoints* New();
};
