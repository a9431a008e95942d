define dllexport void @div64_vec(i32 %arg0) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v2 = udiv <8 x i64> %v0, %v1
  %v3 = urem <8 x i64> %v0, %v1
  %v4 = sdiv <8 x i64> %v2, %v1
  %v5 = srem <8 x i64> %v3, <i64 7, i64 -7, i64 4294967311, i64 -1, i64 3, i64 1000, i64 -9223372036854775808, i64 5>
  %v6 = add <8 x i64> %v4, %v5
  %v7 = sdiv <8 x i64> %v6, <i64 -3, i64 -3, i64 -3, i64 -3, i64 -3, i64 -3, i64 -3, i64 -3>
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v7)
  ret void
}

declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div64_vec, !"div64_vec", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
