package org.strategylab.testsupport.process;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of a new JVM: the same {@code java} that runs this one, JVM options, system
 * properties, and either a main class on a class path or an executable jar.
 */
public final class JavaCommand {

    private final List<String> jvmOptions = new ArrayList<>();
    private final List<String> properties = new ArrayList<>();
    private final List<String> arguments = new ArrayList<>();
    private final String mainClass;
    private final Path jar;
    private String classpath;

    private JavaCommand(String mainClass, Path jar) {
        this.mainClass = mainClass;
        this.jar = jar;
    }

    /** A JVM running {@code mainClass}; give it a {@link #classpath}. */
    public static JavaCommand mainClass(String mainClass) {
        return new JavaCommand(mainClass, null);
    }

    /** A JVM running an executable jar ({@code java -jar}). */
    public static JavaCommand jar(Path jar) {
        return new JavaCommand(null, jar);
    }

    /** The {@code java} executable of the running JVM. */
    public static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The class path of the running JVM. Under Surefire and Failsafe this is the test class path
     * (they set {@code java.class.path} to it even when they boot through a manifest-only jar).
     */
    public static String currentClasspath() {
        return System.getProperty("java.class.path");
    }

    /** The class path (entries separated by the platform's path separator). */
    public JavaCommand classpath(String classpath) {
        this.classpath = classpath;
        return this;
    }

    /** The class path from its entries. */
    public JavaCommand classpath(List<String> entries) {
        return classpath(String.join(File.pathSeparator, entries));
    }

    /** JVM options such as {@code -Xmx256m}. */
    public JavaCommand jvmOptions(List<String> options) {
        jvmOptions.addAll(options);
        return this;
    }

    /** JVM options such as {@code -Xmx256m}. */
    public JavaCommand jvmOptions(String... options) {
        return jvmOptions(List.of(options));
    }

    /** A system property ({@code -Dname=value}). */
    public JavaCommand property(String name, String value) {
        properties.add("-D" + name + "=" + value);
        return this;
    }

    /** System properties ({@code -Dname=value} each). */
    public JavaCommand properties(Map<String, String> values) {
        values.forEach(this::property);
        return this;
    }

    /** Program arguments, after the main class or jar. */
    public JavaCommand arguments(String... values) {
        arguments.addAll(List.of(values));
        return this;
    }

    /** The command line. */
    public List<String> toList() {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(jvmOptions);
        command.addAll(properties);
        if (jar != null) {
            command.add("-jar");
            command.add(jar.toString());
        } else {
            if (classpath == null || classpath.isBlank()) {
                throw new IllegalStateException("a class path is needed to run " + mainClass);
            }
            command.add("-cp");
            command.add(classpath);
            command.add(mainClass);
        }
        command.addAll(arguments);
        return command;
    }
}
