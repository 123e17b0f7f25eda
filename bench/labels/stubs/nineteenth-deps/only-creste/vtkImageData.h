#pragma once
#include <vtkSmartPointer.h>
class vtkImageData {
 public:
  static vtkImageData* New();
};
