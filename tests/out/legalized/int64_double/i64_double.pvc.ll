define dllexport void @i64_double(i32 %arg0) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x double> @llvm.genx.oword.ld.v8f64(i32 0, i32 %arg0, i32 4)
  %v2 = sitofp <8 x i64> %v0 to <8 x double>
  %v3 = uitofp <8 x i64> %v0 to <8 x double>
  %v4 = fadd <8 x double> %v2, %v3
  call void @llvm.genx.oword.st.v8f64(i32 %arg0, i32 8, <8 x double> %v4)
  %v6 = fptosi <8 x double> %v1 to <8 x i64>
  %v7 = fptoui <8 x double> %v1 to <8 x i64>
  %v10 = bitcast <8 x i64> %v6 to <16 x i32>
  %v11 = bitcast <8 x i64> %v7 to <16 x i32>
  %v12 = xor <16 x i32> %v10, %v11
  %v8 = bitcast <16 x i32> %v12 to <8 x i64>
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 12, <8 x i64> %v8)
  ret void
}

declare <8 x double> @llvm.genx.oword.ld.v8f64(i32, i32, i32)
declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v8f64(i32, i32, <8 x double>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @i64_double, !"i64_double", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
