#pragma once
#include <vtkSmartPointer.h>
class vtkCellArray {
 public:
  static vtkCellArray* New();
};
