a: {{ grains.foo }}
