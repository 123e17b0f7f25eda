#pragma once
#include <vtkSmartPointer.h>
class vtkUnsignedCharArray {
 public:
  static vtkUnsignedCharArray* New();
};
