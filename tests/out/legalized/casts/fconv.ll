define dllexport void @fconv(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = fptosi <16 x float> %v2 to <16 x i32>
  call void @llvm.genx.oword.st.v16i32(i32 %arg1, i32 %v1, <16 x i32> %v3)
  %v5 = fptoui <16 x float> %v2 to <16 x i16>
  %v6 = shl i32 %v0, 1
  call void @llvm.genx.oword.st.v16i16(i32 %arg2, i32 %v6, <16 x i16> %v5)
  %v8 = sitofp <16 x i32> %v3 to <16 x float>
  %v9 = uitofp <16 x i32> %v3 to <16 x float>
  %v10 = fptrunc <16 x float> %v2 to <16 x half>
  %v11 = fpext <16 x half> %v10 to <16 x float>
  %v12 = fadd <16 x float> %v8, %v9
  %v13 = fadd <16 x float> %v12, %v11
  call void @llvm.genx.oword.st.v16f32(i32 %arg3, i32 %v1, <16 x float> %v13)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32)* @fconv, !"fconv", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 2}
!2 = !{i32 64, i32 68, i32 72, i32 76}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !"buffer_t write_only", !"buffer_t write_only"}
