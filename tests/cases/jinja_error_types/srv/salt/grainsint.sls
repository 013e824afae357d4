a: {{ grains.num_cpus.foo }}
