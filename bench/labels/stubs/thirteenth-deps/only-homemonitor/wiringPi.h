// gpuleak bench stub (zachoines/HomeMonitor): wiringPi, names only
#pragma once
int wiringPiSetupGpio(void);
int wiringPiSetup(void);
void pinMode(int pin, int mode);
void pwmWrite(int pin, int value);
void digitalWrite(int pin, int value);
void delay(unsigned int ms);
#define OUTPUT 1
#define INPUT 0
#define PWM_OUTPUT 2
