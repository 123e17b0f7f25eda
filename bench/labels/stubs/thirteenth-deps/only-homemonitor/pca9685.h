// gpuleak bench stub (zachoines/HomeMonitor): the wiringPi PCA9685 driver
#pragma once
int pca9685Setup(const int pinBase, const int i2cAddress, float freq);
void pca9685PWMReset(int fd);
void pca9685PWMWrite(int fd, int pin, int on, int off);
