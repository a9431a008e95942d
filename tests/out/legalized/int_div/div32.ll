define dllexport void @div32(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 4)
  %v2 = udiv <16 x i32> %v0, %v1
  %v3 = urem <16 x i32> %v0, %v1
  %v4 = sdiv <16 x i32> %v2, %v1
  %v5 = srem <16 x i32> %v3, <i32 7, i32 -7, i32 3, i32 1000, i32 7, i32 -7, i32 3, i32 1000, i32 7, i32 -7, i32 3, i32 1000, i32 7, i32 -7, i32 3, i32 1000>
  %v6 = add <16 x i32> %v4, %v5
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 8, <16 x i32> %v6)
  %v8 = sdiv i32 %arg1, 10
  %v9 = urem i32 %v8, %arg1
  %v10 = add i32 %v8, %v9
  %v11 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v6, i32 %v10, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 12, <16 x i32> %v11)
  ret void
}

declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @div32, !"div32", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
