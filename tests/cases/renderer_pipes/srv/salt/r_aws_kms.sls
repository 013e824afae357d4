#!aws_kms
x:
  test.nop: []
