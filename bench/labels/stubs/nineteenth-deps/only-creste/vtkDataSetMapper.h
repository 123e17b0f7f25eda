#pragma once
#include <vtkSmartPointer.h>
class vtkDataSetMapper {
 public:
  static vtkDataSetMapper* New();
};
