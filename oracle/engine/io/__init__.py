"""Running a scenario: set-up, the step driver and the result. Imports every
layer below."""
