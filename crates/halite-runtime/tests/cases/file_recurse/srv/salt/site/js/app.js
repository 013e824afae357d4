run();
